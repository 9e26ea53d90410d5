/** The placeholder of a console section that arrives in a later release. */
export function ComingSoon({ title, detail }: { title: string; detail: string }) {
  return (
    <section>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-600">Coming soon: {detail}</p>
    </section>
  );
}

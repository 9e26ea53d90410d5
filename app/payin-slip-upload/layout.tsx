import "../customer.css";

/** The slip upload page: the customer's stylesheet (app/customer.css), nothing else. */
export default function SlipUploadLayout({ children }: { children: React.ReactNode }) {
  return children;
}

import type { ReactNode } from "react";

/** A column's heading: its words, or its words with a class of its own (a right-aligned amount, say). */
export type ColumnHeading = ReactNode | { label: ReactNode; className: string };

function isStyled(heading: ColumnHeading): heading is { label: ReactNode; className: string } {
  return typeof heading === "object" && heading !== null && "label" in heading && "className" in heading;
}

/** A table's heading row: one `<th scope="col">` a column, each with `cellClassName` unless it brings its own. */
export function ColumnHeadings({
  headings,
  cellClassName,
  rowClassName,
}: {
  headings: ColumnHeading[];
  cellClassName: string;
  rowClassName?: string;
}) {
  return (
    <tr className={rowClassName}>
      {headings.map((heading, index) => (
        <th key={index} scope="col" className={isStyled(heading) ? heading.className : cellClassName}>
          {isStyled(heading) ? heading.label : heading}
        </th>
      ))}
    </tr>
  );
}

/**
 * Comments point inside the repository (docs/STYLE.md habit 6): a person who clones PayDesk has
 * docs/ and nothing else. This fails when product or test code, or a README, points at a document
 * outside the repository (a ../shared path, a design document named without docs/, a ticket
 * number), or at a docs/ file or section that does not exist. Sections are read from the
 * documents' own headings ("## 5.", "### 4.1 …", "### Habit 2. …"), so renumbering a document
 * without following its pointers fails here too.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const THIS = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(THIS), "..");
const DOCS = path.join(ROOT, "docs");
const SCANNED_DIRS = ["app", "pages", "components", "lib", "sandbox", "bench", "e2e", "scripts"];
const SCANNED_EXTENSIONS = new Set([".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs", ".sh", ".css", ".md"]);
const SKIPPED_DIRS = new Set(["node_modules", ".next", "results", "test-results"]);
const THIS_FILE = path.relative(ROOT, THIS);

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(full);
    return SCANNED_EXTENSIONS.has(path.extname(entry.name)) ? [full] : [];
  });
}

/** Every file the rule covers, relative to the repository: the product folders and the top-level configuration and entry files. */
function scannedFiles(): string[] {
  const topLevel = fs
    .readdirSync(ROOT)
    .filter(
      (name) =>
        name === "proxy.ts" || name === "README.md" || /^instrumentation.*\.ts$/.test(name) || /\.config\.(ts|mjs|js|cjs|mts)$/.test(name),
    )
    .map((name) => path.join(ROOT, name));
  return [...topLevel, ...SCANNED_DIRS.flatMap((dir) => filesUnder(path.join(ROOT, dir)))]
    .map((file) => path.relative(ROOT, file))
    .filter((file) => file !== THIS_FILE);
}

/** The section numbers a document's headings give it: "4", "4.1", …; for STYLE.md also "habit 1", … */
function sectionsOf(markdown: string): Set<string> {
  const sections = new Set<string>();
  for (const line of markdown.split("\n")) {
    const numbered = /^#{1,6}\s+(\d+(?:\.\d+)*)\.?(?:\s|$)/.exec(line);
    if (numbered) sections.add(numbered[1]!);
    const habit = /^#{1,6}\s+Habit\s+(\d+)\b/i.exec(line);
    if (habit) sections.add(`habit ${habit[1]}`);
  }
  return sections;
}

interface Finding {
  file: string;
  line: number;
  problem: string;
}

// Built from parts, so this file's own source does not match what it looks for.
const SHARED = new RegExp(["\\.\\.", "shared\\b"].join("/") + "|/work/" + "shared");
const TICKET = new RegExp("\\bissues?\\s+#?\\d", "i");
/** A design document named with whatever path precedes it: only "docs/" is inside the repository. */
const NAMED_DOCUMENT = /([\w./-]*?)(DESIGN\.md|provider-facts(?:\.md)?|stack[ -]notes(?:\.md)?|STYLE\.md|payment-request-service\.md)/gi;
const DOCS_POINTER = /\bdocs\/([\w.-]+\.md)((?:[\s,/–-]*(?:and\s+)?(?:§\s*\d+(?:\.\d+)*|habit\s+\d+))*)/g;

/**
 * The comment on a line of code, roughly: the whole line when it is one (or prose: Markdown), else
 * what follows a ` //`, ` /*` or (shell) ` #`. A document's bare name is only looked for there: a
 * message string may name one, and messages are not changed for this rule.
 */
function commentPart(file: string, content: string): string {
  if (file.endsWith(".md")) return content;
  const trimmed = content.trimStart();
  const starts = file.endsWith(".sh") ? ["#"] : ["//", "/*", "*", "{/*"];
  if (starts.some((start) => trimmed.startsWith(start))) return content;
  const marker = (file.endsWith(".sh") ? /\s#\s/ : /\s(\/\/|\/\*)/).exec(content);
  return marker ? content.slice(marker.index) : "";
}

/** What is wrong with the pointers in one file's text; `docs` maps a docs/ file name to its sections. */
function findingsIn(file: string, text: string, docs: Map<string, Set<string>>): Finding[] {
  const findings: Finding[] = [];
  text.split("\n").forEach((content, index) => {
    const line = index + 1;
    if (SHARED.test(content))
      findings.push({ file, line, problem: "points outside the repository (a shared folder): point at docs/ instead" });
    if (TICKET.test(content)) findings.push({ file, line, problem: "cites a ticket number: say why instead" });
    for (const named of commentPart(file, content).matchAll(NAMED_DOCUMENT)) {
      if (named[1] !== "docs/") findings.push({ file, line, problem: `names ${named[1]}${named[2]} outside docs/: write docs/<file>.md` });
    }
    for (const match of content.matchAll(DOCS_POINTER)) {
      const name = match[1]!;
      const sections = docs.get(name);
      if (!sections) {
        findings.push({ file, line, problem: `docs/${name} does not exist` });
        continue;
      }
      for (const ref of (match[2] ?? "").matchAll(/§\s*(\d+(?:\.\d+)*)|habit\s+(\d+)/gi)) {
        const section = ref[1] ?? `habit ${ref[2]}`;
        if (!sections.has(section))
          findings.push({ file, line, problem: `docs/${name} has no section ${ref[1] ? `§${section}` : section}` });
      }
    }
  });
  return findings;
}

function docsSections(): Map<string, Set<string>> {
  return new Map(
    fs
      .readdirSync(DOCS)
      .filter((name) => name.endsWith(".md"))
      .map((name) => [name, sectionsOf(fs.readFileSync(path.join(DOCS, name), "utf8"))]),
  );
}

describe("comments point inside the repository", () => {
  const docs = docsSections();

  it("reads the sections of the docs from their headings", () => {
    expect(docs.get("DESIGN.md")).toContain("8");
    expect(docs.get("provider-facts.md")).toContain("4.10");
    expect(docs.get("stack-notes.md")).toContain("6.4");
    expect(docs.get("STYLE.md")).toContain("habit 9");
  });

  it("finds each kind of bad pointer, and passes good ones", () => {
    const sample = [
      "// fine (docs/provider-facts.md §4.0–§4.2, §6.2) and docs/DESIGN.md §5.2",
      "// fine: docs/STYLE.md habit 2, docs/stack-notes.md §6.4",
      ["// see ..", "shared/DESIGN.md"].join("/"),
      "/* from issue 6 §2 */",
      "// provider-facts §8.1",
      "// docs/provider-facts.md §99",
      "// docs/DESIGN.md §5.9 and docs/STYLE.md habit 99",
      "// docs/nowhere.md",
      'throw new Error("a message may name provider-facts §2.4");',
      "const x = 1; // but a comment after code may not: STYLE.md",
      " * the fields of spec/payment-request-service.md",
    ].join("\n");
    const problems = findingsIn("sample.ts", sample, docs).map((f) => `${f.line}: ${f.problem}`);
    expect(problems).toEqual([
      "3: points outside the repository (a shared folder): point at docs/ instead",
      "3: names ../shared/DESIGN.md outside docs/: write docs/<file>.md",
      "4: cites a ticket number: say why instead",
      "5: names provider-facts outside docs/: write docs/<file>.md",
      "6: docs/provider-facts.md has no section §99",
      "7: docs/DESIGN.md has no section §5.9",
      "7: docs/STYLE.md has no section habit 99",
      "8: docs/nowhere.md does not exist",
      "10: names STYLE.md outside docs/: write docs/<file>.md",
      "11: names spec/payment-request-service.md outside docs/: write docs/<file>.md",
    ]);
  });

  it("no product or test file points outside the repository or at a missing section", () => {
    const files = scannedFiles();
    expect(files.length).toBeGreaterThan(100);
    const findings = files.flatMap((file) => findingsIn(file, fs.readFileSync(path.join(ROOT, file), "utf8"), docs));
    expect(findings.map((f) => `${f.file}:${f.line} ${f.problem}`)).toEqual([]);
  });
});

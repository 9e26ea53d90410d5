import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The boundaries as ESLint applies them with the project's own config (eslint.config.mjs).
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [value];\n`, { filePath: file });
  return result!.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
}

describe("import boundaries", () => {
  it("keeps database and query values out of components, type imports allowed", async () => {
    expect(await restricted("components/console/x.tsx", `import { database as value } from "@/lib/db";`)).toHaveLength(1);
    expect(await restricted("components/console/x.tsx", `import { schema as value } from "@/lib/db/schema";`)).toHaveLength(1);
    expect(await restricted("components/console/x.tsx", `import { AUDIT_PAGE_SIZE as value } from "@/lib/audit/queries";`)).toHaveLength(1);
    expect(await restricted("components/console/x.tsx", `import { database as value } from "../../lib/db";`)).toHaveLength(1);
    expect(
      await restricted(
        "components/console/x.tsx",
        `import type { Db } from "@/lib/db/client";\nimport type { ListRow } from "@/lib/requests/queries";\nconst value = 1;`,
      ),
    ).toEqual([]);
    expect(await restricted("components/console/x.test.ts", `import { database as value } from "@/lib/db";`)).toEqual([]);
  });

  it("lets only lib/provider/index.ts wire the database into the provider client", async () => {
    expect(await restricted("lib/provider/limiter.ts", `import { database as value } from "../db";`)).toHaveLength(1);
    expect(await restricted("lib/provider/limiter.ts", `import { providerCalls as value } from "@/lib/db/schema";`)).toHaveLength(1);
    expect(await restricted("lib/provider/limiter.ts", `import type { Db } from "../db/client";\nconst value = 1;`)).toEqual([]);
    expect(await restricted("lib/provider/index.ts", `import { database as value } from "../db";`)).toEqual([]);
  });

  it("keeps staff auth and console components out of the customer's pages", async () => {
    for (const file of [
      "components/checkout/x.tsx",
      "components/slip/x.tsx",
      "app/checkout/[token]/x.tsx",
      "app/payin-slip-upload/[orgId]/x.tsx",
      "pages/checkout/x.tsx",
    ]) {
      expect(await restricted(file, `import { auth as value } from "@/lib/auth/current-session";`), file).toHaveLength(1);
      expect(await restricted(file, `import { Nav as value } from "@/components/console/nav";`), file).toHaveLength(1);
      expect(await restricted(file, `import { clientIp as value } from "@/lib/http/request-ip";`), file).toEqual([]);
    }
    // The customer's components are components: no database either; their pages may read it.
    expect(await restricted("components/checkout/x.tsx", `import { database as value } from "@/lib/db";`)).toHaveLength(1);
    expect(await restricted("app/checkout/[token]/x.tsx", `import { database as value } from "@/lib/db";`)).toEqual([]);
    expect(await restricted("app/(console)/x.tsx", `import { auth as value } from "@/lib/auth/current-session";`)).toEqual([]);
  });
});

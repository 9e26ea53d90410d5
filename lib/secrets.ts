import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env, keyBytes } from "./env";

/**
 * The session-signing secret and the key-encryption keys. From the environment when set (required
 * with a real provider, lib/env.ts); in demo mode generated once into DATA_DIR/secrets.json
 * (mode 0600), so demo sessions and encrypted demo keys survive restarts.
 */
interface DemoSecrets {
  authSecret: string;
  encryptionKey: string;
}

let demo: DemoSecrets | undefined;

function demoSecrets(): DemoSecrets {
  if (demo) return demo;
  const file = path.join(env().dataDir, "secrets.json");
  if (fs.existsSync(file)) {
    demo = JSON.parse(fs.readFileSync(file, "utf8")) as DemoSecrets;
    return demo;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const fresh: DemoSecrets = { authSecret: randomBytes(32).toString("base64"), encryptionKey: randomBytes(32).toString("hex") };
  try {
    // wx: if another process wrote it first, use theirs.
    fs.writeFileSync(file, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    demo = fresh;
  } catch {
    demo = JSON.parse(fs.readFileSync(file, "utf8")) as DemoSecrets;
  }
  return demo;
}

export function authSecret(): string {
  return env().AUTH_SECRET ?? demoSecrets().authSecret;
}

/** The current key first, then previous ones still accepted for decryption (rotation). */
export function encryptionKeys(): Buffer[] {
  const { ENCRYPTION_KEY, ENCRYPTION_KEYS_PREVIOUS } = env();
  const current = keyBytes(ENCRYPTION_KEY ?? demoSecrets().encryptionKey);
  const previous = (ENCRYPTION_KEYS_PREVIOUS ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean)
    .map(keyBytes);
  return [current, ...previous];
}

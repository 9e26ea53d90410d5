import "server-only";
import { encryptionKeys } from "../secrets";
import { createKeyVault, type KeyVault } from "./key-vault";

let vault: KeyVault | undefined;

/** The process's key vault, from ENCRYPTION_KEY (+ ENCRYPTION_KEYS_PREVIOUS). */
export function keyVault(): KeyVault {
  vault ??= createKeyVault(encryptionKeys());
  return vault;
}

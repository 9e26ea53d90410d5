import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";

/**
 * A software authenticator for the Vitest suites: it makes P-256 keys and answers registration and
 * authentication options the way a platform authenticator does (CBOR attestation object with
 * format "none", authenticator data, ECDSA signature over authData ‖ SHA-256(clientDataJSON)), so
 * the server's checks run on real signatures. The Playwright suite uses Chromium's own virtual
 * authenticator instead.
 */

type Cbor = number | string | Uint8Array | Map<number | string, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  const bytes = Buffer.alloc(3);
  bytes[0] = (major << 5) | 25;
  bytes.writeUInt16BE(length, 1);
  return bytes;
}

/** The little CBOR the two structures need: integers, text, bytes and maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  userHandle: string;
  rpId: string;
  counter: number;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(
    private readonly origin: string,
    /** Whether it verifies the person (fingerprint, PIN); a plain security key does not. */
    private readonly verifiesUser = true,
    /** How much its counter moves per signature; 0 for one that keeps none (synced passkeys). */
    private readonly counterStep = 1,
  ) {}

  private authData(rpId: string, counter: number, attested?: SoftCredential): Buffer {
    const flags = FLAG_UP | (this.verifiesUser ? FLAG_UV : 0) | (attested ? FLAG_AT : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const parts: Buffer[] = [sha256(rpId), Buffer.from([flags]), count];
    if (attested) {
      const jwk = attested.publicKey.export({ format: "jwk" });
      const coseKey = new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(attested.id.length);
      parts.push(Buffer.alloc(16), idLength, attested.id, cbor(coseKey));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /**
   * navigator.credentials.create(): a new key pair for the site and person in the options, or the
   * one given again (a browser that ignored `excludeCredentials`).
   */
  register(options: PublicKeyCredentialCreationOptionsJSON, again?: SoftCredential): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const credential: SoftCredential = again ?? {
      id: randomBytes(16),
      privateKey,
      publicKey,
      userHandle: options.user.id,
      rpId: options.rp.id ?? new URL(this.origin).hostname,
      counter: 0,
    };
    if (!again) this.credentials.push(credential);
    const attestationObject = cbor({ fmt: "none", attStmt: {}, authData: this.authData(credential.rpId, 0, credential) });
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: "public-key",
      response: {
        clientDataJSON: b64(this.clientData("webauthn.create", options.challenge)),
        attestationObject: b64(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /**
   * navigator.credentials.get(): signs the challenge with a credential for the site (the first,
   * or the one given). `counter` overrides the counter it reports (a clone's older one);
   * `origin` the page it claims to answer from (a phishing site's).
   */
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    override: { credential?: SoftCredential; counter?: number; origin?: string } = {},
  ): AuthenticationResponseJSON {
    const credential =
      override.credential ??
      this.credentials.find(
        (c) => c.rpId === options.rpId && (!options.allowCredentials?.length || options.allowCredentials.some((a) => a.id === b64(c.id))),
      );
    if (!credential) throw new Error("no credential for this site");
    if (override.counter === undefined) credential.counter += this.counterStep;
    const authenticatorData = this.authData(credential.rpId, override.counter ?? credential.counter);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, override.origin);
    const signature = sign("sha256", Buffer.concat([authenticatorData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: "public-key",
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authenticatorData),
        signature: b64(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}

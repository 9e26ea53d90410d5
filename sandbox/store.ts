/**
 * The sandbox's state: in memory for speed, made durable by an append-only journal.
 *
 * Every change appends one JSON line (collection + whole record) with a synchronous write, so a
 * record is on disk (in the page cache) before the HTTP answer that mentions it leaves; a killed
 * process loses nothing it has answered for. On start the journal is replayed (last write wins)
 * and compacted by writing a fresh file and renaming it over the old one, so a crash mid-write
 * can only leave a torn last line, which the replay skips. PayDesk keeps provider ids for ever,
 * so they must still resolve after a restart.
 */
import fs from "node:fs";
import path from "node:path";
import type {
  ApiKey,
  BankAccount,
  DuplicateRecord,
  Merchant,
  Org,
  PaymentRequest,
  Slip,
  SlipToken,
  UnidentifiedTransfer,
  Wallet,
  WalletTx,
  WebhookDelivery,
} from "./types";

interface Collections {
  orgs: Org;
  merchants: Merchant;
  keys: ApiKey;
  accounts: BankAccount;
  requests: PaymentRequest;
  slipTokens: SlipToken;
  slips: Slip;
  duplicates: DuplicateRecord;
  unidentified: UnidentifiedTransfer;
  deliveries: WebhookDelivery;
  wallets: Wallet;
  walletTxs: WalletTx;
}
type Name = keyof Collections;

const KEY_FIELD: { [N in Name]: keyof Collections[N] & string } = {
  orgs: "id",
  merchants: "id",
  keys: "key",
  accounts: "id",
  requests: "id",
  slipTokens: "token",
  slips: "id",
  duplicates: "id",
  unidentified: "id",
  deliveries: "id",
  wallets: "id",
  walletTxs: "id",
};

const NAMES = Object.keys(KEY_FIELD) as Name[];
/** Old deliveries are only a log; keep the newest ones so the journal does not grow without bound. */
const MAX_DELIVERIES = 20_000;

export class Store {
  private readonly maps = new Map<Name, Map<string, unknown>>(NAMES.map((n) => [n, new Map()]));
  private readonly refIndex = new Map<string, string>(); // `${orgId}\n${refId1}` → request id
  private fd: number | null = null;
  readonly file: string;

  private constructor(dir: string) {
    this.file = path.join(dir, "state.jsonl");
  }

  /** Opens (and compacts) the journal in dir; `null` keeps everything in memory. */
  static open(dir: string | null): Store {
    const store = new Store(dir ?? "");
    if (dir === null) return store;
    fs.mkdirSync(dir, { recursive: true });
    store.replay();
    store.compact();
    store.fd = fs.openSync(store.file, "a");
    return store;
  }

  get<N extends Name>(name: N, id: string): Collections[N] | undefined {
    return this.map(name).get(id) as Collections[N] | undefined;
  }

  all<N extends Name>(name: N): Collections[N][] {
    return [...this.map(name).values()] as Collections[N][];
  }

  count(name: Name): number {
    return this.map(name).size;
  }

  put<N extends Name>(name: N, record: Collections[N]): Collections[N] {
    this.apply(name, record);
    if (this.fd !== null) fs.writeSync(this.fd, `${JSON.stringify({ c: name, v: record })}\n`);
    if (name === "deliveries" && this.map("deliveries").size > MAX_DELIVERIES) {
      const oldest = this.map("deliveries").keys().next().value;
      if (oldest !== undefined) this.map("deliveries").delete(oldest);
    }
    return record;
  }

  requestByRef(orgId: string, refId1: string): PaymentRequest | undefined {
    const id = this.refIndex.get(`${orgId}\n${refId1}`);
    return id === undefined ? undefined : this.get("requests", id);
  }

  close(): void {
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
  }

  private map(name: Name): Map<string, unknown> {
    const map = this.maps.get(name);
    if (!map) throw new Error(`unknown collection ${name}`);
    return map;
  }

  private apply<N extends Name>(name: N, record: Collections[N]): void {
    const id = String(record[KEY_FIELD[name]]);
    const map = this.map(name);
    // Re-inserting moves the key to the end, so iteration order stays "last written last".
    map.delete(id);
    map.set(id, record);
    if (name === "requests") {
      const request = record as PaymentRequest;
      this.refIndex.set(`${request.orgId}\n${request.refId1}`, request.id);
    }
  }

  private replay(): void {
    if (!fs.existsSync(this.file)) return;
    const text = fs.readFileSync(this.file, "utf8");
    for (const line of text.split("\n")) {
      if (line === "") continue;
      let entry: { c?: unknown; v?: unknown };
      try {
        entry = JSON.parse(line) as { c?: unknown; v?: unknown };
      } catch {
        continue; // a torn last line from a crash
      }
      if (typeof entry.c === "string" && NAMES.includes(entry.c as Name) && entry.v && typeof entry.v === "object") {
        this.apply(entry.c as Name, entry.v as never);
      }
    }
  }

  private compact(): void {
    const tmp = `${this.file}.${process.pid}.tmp`;
    const fd = fs.openSync(tmp, "w");
    try {
      for (const name of NAMES) {
        let lines: string[] = [];
        for (const record of this.map(name).values()) {
          lines.push(JSON.stringify({ c: name, v: record }));
          if (lines.length >= 1_000) {
            fs.writeSync(fd, `${lines.join("\n")}\n`);
            lines = [];
          }
        }
        if (lines.length > 0) fs.writeSync(fd, `${lines.join("\n")}\n`);
      }
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, this.file);
  }
}

/**
 * Thai bank codes the provider accepts (docs/provider-facts.md §5.7), with Bank of Thailand numbers and
 * the names customers know. The provider's own English names are wrong for TMB and CIMBT, so
 * these are written from the banks' own names, not copied from it.
 */
export interface Bank {
  code: string;
  botCode: string;
  nameEn: string;
  nameTh: string;
}

export const BANKS: readonly Bank[] = [
  { code: "BBL", botCode: "002", nameEn: "Bangkok Bank", nameTh: "ธนาคารกรุงเทพ" },
  { code: "KBANK", botCode: "004", nameEn: "Kasikornbank", nameTh: "ธนาคารกสิกรไทย" },
  { code: "KTB", botCode: "006", nameEn: "Krungthai Bank", nameTh: "ธนาคารกรุงไทย" },
  { code: "TMB", botCode: "011", nameEn: "TMBThanachart Bank (ttb)", nameTh: "ธนาคารทหารไทยธนชาต" },
  { code: "SCB", botCode: "014", nameEn: "Siam Commercial Bank", nameTh: "ธนาคารไทยพาณิชย์" },
  { code: "CITI", botCode: "017", nameEn: "Citibank", nameTh: "ธนาคารซิตี้แบงก์" },
  { code: "SCBT", botCode: "020", nameEn: "Standard Chartered Bank (Thai)", nameTh: "ธนาคารสแตนดาร์ดชาร์เตอร์ด (ไทย)" },
  { code: "CIMBT", botCode: "022", nameEn: "CIMB Thai Bank", nameTh: "ธนาคารซีไอเอ็มบี ไทย" },
  { code: "UOB", botCode: "024", nameEn: "United Overseas Bank (Thai)", nameTh: "ธนาคารยูโอบี" },
  { code: "BAY", botCode: "025", nameEn: "Bank of Ayudhya (Krungsri)", nameTh: "ธนาคารกรุงศรีอยุธยา" },
  { code: "GSB", botCode: "030", nameEn: "Government Savings Bank", nameTh: "ธนาคารออมสิน" },
  { code: "EXIM", botCode: "035", nameEn: "Export-Import Bank of Thailand", nameTh: "ธนาคารเพื่อการส่งออกและนำเข้าแห่งประเทศไทย" },
  { code: "TISCO", botCode: "067", nameEn: "TISCO Bank", nameTh: "ธนาคารทิสโก้" },
  { code: "ICBC", botCode: "070", nameEn: "ICBC (Thai)", nameTh: "ธนาคารไอซีบีซี (ไทย)" },
  { code: "LHFG", botCode: "073", nameEn: "Land and Houses Bank", nameTh: "ธนาคารแลนด์ แอนด์ เฮ้าส์" },
];

/** "PP" is the provider's PromptPay pseudo-bank, used for QR accounts rather than transfers. */
export const PROMPTPAY_PSEUDO_BANK: Bank = { code: "PP", botCode: "", nameEn: "PromptPay", nameTh: "พร้อมเพย์" };

export function findBank(code: string | null | undefined): Bank | undefined {
  if (!code) return undefined;
  const upper = code.toUpperCase();
  return upper === "PP" ? PROMPTPAY_PSEUDO_BANK : BANKS.find((bank) => bank.code === upper);
}

/** The bank's name in the reader's language. */
export function bankName(bank: Pick<Bank, "nameEn" | "nameTh">, locale: "th" | "en"): string {
  return locale === "th" ? bank.nameTh : bank.nameEn;
}

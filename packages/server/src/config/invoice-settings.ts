import { Type } from "@agency/contract/schemas";

/**
 * Who issues the invoices of package sales: what Dutch law asks an invoice to name of its supplier (name, address,
 * KvK and VAT numbers). A production start that takes real payments needs them (rules.ts).
 */
export const invoiceIssuerSettings = Type.Object(
  {
    name: Type.String({ env: "INVOICE_ISSUER_NAME", minLength: 1, maxLength: 200, default: "Pixelwerf", description: "The agency's legal name, as invoices and signed offers show it." }),
    address: Type.Optional(
      Type.String({
        env: "INVOICE_ISSUER_ADDRESS",
        minLength: 1,
        maxLength: 300,
        example: "Keizersgracht 1, 1015 AA Amsterdam",
        description: "The agency's address, printed on every invoice and signed offer.",
      }),
    ),
    kvkNumber: Type.Optional(
      Type.String({ env: "INVOICE_ISSUER_KVK", pattern: "^[0-9]{8}$", error: "must be the 8 digits of a KvK number", example: "12345678", description: "The agency's Chamber of Commerce (KvK) number." }),
    ),
    vatNumber: Type.Optional(
      Type.String({
        env: "INVOICE_ISSUER_VAT",
        pattern: "^NL[0-9]{9}B[0-9]{2}$",
        error: "must be a Dutch VAT number like NL123456789B01",
        example: "NL123456789B01",
        description: "The agency's VAT number (btw-id).",
      }),
    ),
  },
  {
    section: "Invoices",
    description: "The supplier's details on the invoices of package sales (deposit, balance, monthly fee) and on signed offers.",
  },
);

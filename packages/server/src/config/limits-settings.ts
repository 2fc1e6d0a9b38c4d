import { Type } from "@agency/contract/schemas";

/** The abuse limits: how often one client may try each thing, and how much password hashing runs at once. */
export const limitsSettings = Type.Object(
  {
    contactPerIp: Type.Integer({ env: "CONTACT_RATE_LIMIT", minimum: 1, default: 5, description: "Quote requests per IP per 10 minutes." }),
    loginPerIp: Type.Integer({ env: "LOGIN_RATE_LIMIT_IP", minimum: 1, default: 20, description: "Failed logins per IP per 15 minutes, whatever the account; an IPv6 /64 counts as one IP." }),
    loginPerAccount: Type.Integer({
      env: "LOGIN_RATE_LIMIT_ACCOUNT",
      minimum: 1,
      default: 5,
      description:
        "Failed logins per account from one IP per 15 minutes (and wrong current passwords per account); a successful login or password reset clears the account's counts, so a stranger cannot lock the owner out.",
    }),
    passkeyPerIp: Type.Integer({
      env: "PASSKEY_RATE_LIMIT",
      minimum: 1,
      default: 60,
      description:
        "Passkey sign-in steps (options asked, answers checked) per IP per 15 minutes. A passkey sign-in never meets the per-account limits of passwords, so a stranger's guesses cannot keep the owner's passkey out.",
    }),
    registerPerIp: Type.Integer({ env: "REGISTER_RATE_LIMIT", minimum: 1, default: 10, description: "Sign-ups per IP per hour." }),
    forgotPasswordPerIp: Type.Integer({ env: "FORGOT_PASSWORD_RATE_LIMIT", minimum: 1, default: 10, description: "Reset-link requests per IP per hour." }),
    resetTokenPerIp: Type.Integer({
      env: "RESET_TOKEN_RATE_LIMIT",
      minimum: 1,
      default: 20,
      description: "Reset-link checks and password resets per IP per 15 minutes.",
    }),
    consentPerIp: Type.Integer({ env: "CONSENT_RATE_LIMIT", minimum: 1, default: 30, description: "Cookie-consent records per IP per 10 minutes." }),
    passwordHashConcurrency: Type.Integer({
      env: "PASSWORD_HASH_CONCURRENCY",
      minimum: 1,
      default: 2,
      description:
        "Password hashes and checks (Argon2id, about 19 MiB of memory each) computed at once; further ones wait in line, so a flood of logins or sign-ups slows down instead of exhausting memory.",
    }),
    passwordHashQueue: Type.Integer({
      env: "PASSWORD_HASH_QUEUE",
      minimum: 1,
      default: 100,
      description:
        "Password hashes that may wait in line at once; one more is refused at once with 503 auth.busy and Retry-After, so a flood cannot queue without bound and starve real logins.",
    }),
    passwordHashTimeoutMs: Type.Integer({
      env: "PASSWORD_HASH_TIMEOUT_MS",
      minimum: 100,
      default: 10_000,
      description: "A password hash that has waited this many milliseconds in line is given up: the request answers 503 auth.busy with Retry-After.",
    }),
    withdrawalPerIp: Type.Integer({
      env: "WITHDRAWAL_RATE_LIMIT",
      minimum: 1,
      default: 10,
      description: "Statements of withdrawal (the 'Withdraw from contract' form) and undo links per IP per hour.",
    }),
    billingPerUser: Type.Integer({
      env: "BILLING_RATE_LIMIT",
      minimum: 1,
      default: 30,
      description:
        "Calls per account per 10 minutes that ask the payment provider (Stripe) on each request: the invoice list, 'Manage billing', the pay page of an unpaid invoice, cancel and resume. One account cannot spend the site's Stripe request budget.",
    }),
    checkoutsPerUser: Type.Integer({
      env: "CHECKOUT_RATE_LIMIT",
      minimum: 1,
      default: 20,
      description:
        "Checkouts started and looked up (the return from the provider) per account per 10 minutes. Each asks the payment provider, and each checkout started makes one there.",
    }),
    adminExportsPerIp: Type.Integer({ env: "ADMIN_EXPORT_RATE_LIMIT", minimum: 1, default: 10, description: "Admin lead exports per IP per 10 minutes." }),
  },
  {
    section: "Abuse limits",
    description:
      "The rate limits are counted in the database, so they hold across restarts and instances; over one the API answers 429 with Retry-After. Raise them for load tests and browser tests that submit from one address.",
  },
);

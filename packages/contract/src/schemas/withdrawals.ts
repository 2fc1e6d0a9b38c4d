import { Type, type Static } from "@sinclair/typebox";
import { CANCELLATION_COMMENT_MAX_LENGTH, CANCELLATION_REASONS, WITHDRAWAL_REFERENCE_MAX_LENGTH, WITHDRAWAL_REFERENCE_PATTERN } from "../withdrawal";
import { BasePathSchema, EmailSchema, NameSchema } from "./accounts";
import { DateTimeSchema, LocaleSchema, StringEnum } from "./common";

/** POST /withdrawals: the statement of withdrawal. Step 1 of the form identifies the contract; step 2 sends this. */
export const WithdrawalBodySchema = Type.Object({
  name: NameSchema,
  email: EmailSchema,
  reference: Type.Optional(
    Type.String({
      maxLength: WITHDRAWAL_REFERENCE_MAX_LENGTH,
      pattern: WITHDRAWAL_REFERENCE_PATTERN,
      description: "Order or invoice number, if the customer has one: letters, digits and dashes (the acknowledgement repeats it)",
    }),
  ),
  language: Type.Optional(LocaleSchema),
  basePath: Type.Optional(BasePathSchema),
});
export type WithdrawalPayload = Static<typeof WithdrawalBodySchema>;

/** The same answer whether or not an account or a contract was found: the acknowledgement goes to the account's address. */
export const WithdrawalResponseSchema = Type.Object({
  received: Type.Literal(true),
  received_at: DateTimeSchema("The date and time of the statement, as recorded"),
  message: Type.String({ description: "In the request's language" }),
});
export type WithdrawalResponse = Static<typeof WithdrawalResponseSchema>;

/** GET /withdrawals/mine: what the form can tell a signed-in customer before they confirm. */
export const WithdrawalStatusResponseSchema = Type.Object({
  contract: Type.Union([
    Type.Object({
      plan_name: Type.String({ description: "In the request's language" }),
      started_at: DateTimeSchema("When the contract was concluded (the subscription started)"),
      withdrawal_deadline: DateTimeSchema("Until then a statement ends the subscription at once with a refund"),
      within_period: Type.Boolean(),
      current_period_end: DateTimeSchema("Outside the withdrawal period, a statement cancels at this date instead"),
      cancel_at_period_end: Type.Boolean(),
    }),
    Type.Null(),
  ]),
});
export type WithdrawalStatusResponse = Static<typeof WithdrawalStatusResponseSchema>;

/** POST /withdrawals/undo: the link in the acknowledgement, for an owner who did not make the statement. */
export const WithdrawalUndoBodySchema = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export const WITHDRAWAL_UNDO_OUTCOMES = ["restored", "resumed", "nothing_to_undo", "refunded"] as const;
export const WithdrawalUndoResponseSchema = Type.Object({
  outcome: StringEnum(WITHDRAWAL_UNDO_OUTCOMES, {
    description:
      "restored: the statement was dropped before it was carried out, or the ended subscription, of which nothing was refunded, runs " +
      "again until its period's end; resumed: the cancellation at period end is undone; refunded: the subscription ended and its " +
      "refund was paid, so nothing is restored (the link stays usable until it expires, and changes nothing); nothing_to_undo: " +
      "the account has a running subscription again, or the period is over",
  }),
  message: Type.String({ description: "In the request's language" }),
});
export type WithdrawalUndoResponse = Static<typeof WithdrawalUndoResponseSchema>;

/** One stored statement, as staff see it. */
export const WithdrawalRecordSchema = Type.Object({
  id: Type.String(),
  received_at: DateTimeSchema(),
  name: Type.String(),
  email: Type.String({ description: "As typed" }),
  reference: Type.Union([Type.String(), Type.Null()]),
  user_id: Type.Union([Type.String(), Type.Null()], { description: "The account whose address matched; null when none did" }),
  subscription_id: Type.Union([Type.String(), Type.Null()]),
  outcome: Type.String({ description: "pending, withdrawn, cancelled_at_period_end, no_contract, no_account, already_ended" }),
  refund_cents: Type.Union([Type.Integer(), Type.Null()]),
  refund_reference: Type.Union([Type.String(), Type.Null()], { description: "The provider's refund id" }),
  executed_at: Type.Union([DateTimeSchema(), Type.Null()]),
  undone_at: Type.Union([DateTimeSchema(), Type.Null()]),
  last_error: Type.Union([Type.String(), Type.Null()]),
});
export const WithdrawalsResponseSchema = Type.Object({ withdrawals: Type.Array(WithdrawalRecordSchema) });

/** POST /subscriptions/cancel may say why; nothing here is required, and nothing in it holds the cancellation up. */
export const CancelBodySchema = Type.Object({
  reason: Type.Optional(StringEnum(CANCELLATION_REASONS)),
  comment: Type.Optional(Type.String({ maxLength: CANCELLATION_COMMENT_MAX_LENGTH })),
});
export type CancelPayload = Static<typeof CancelBodySchema>;

export const CancellationReasonsResponseSchema = Type.Object({
  reasons: Type.Array(
    Type.Object({
      created_at: DateTimeSchema(),
      reason: Type.Union([StringEnum(CANCELLATION_REASONS), Type.Null()]),
      comment: Type.Union([Type.String(), Type.Null()]),
      plan_id: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});

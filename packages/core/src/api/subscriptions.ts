import type { ApiClient } from "../api-client";
import type {
  CancelPayload,
  CheckoutReturnResponse,
  CreateCheckoutPayload,
  CreateCheckoutResponse,
  Invoice,
  Plan,
  PortalPayload,
  PortalResponse,
  Subscription,
} from "@agency/contract";

export async function getCurrentSubscription(api: ApiClient): Promise<Subscription | null> {
  const { data } = await api.get<{ subscription: Subscription | null }>("/subscriptions/current");
  return data.subscription ?? null;
}

export async function getPlans(api: ApiClient): Promise<Plan[]> {
  const { data } = await api.get<{ plans: Plan[] }>("/subscriptions/plans");
  return Array.isArray(data.plans) ? data.plans : [];
}

export async function createCheckout(
  api: ApiClient,
  payload: CreateCheckoutPayload,
): Promise<CreateCheckoutResponse> {
  const { data } = await api.post<CreateCheckoutResponse>("/subscriptions/create-checkout", payload);
  return data;
}

/** Cancels at period end; `why` is the optional answer to 'why are you leaving?', never needed to cancel. */
export async function cancelSubscription(api: ApiClient, why: CancelPayload = {}): Promise<Subscription | null> {
  const { data } = await api.post<{ subscription?: Subscription | null }>("/subscriptions/cancel", why);
  return data.subscription ?? null;
}

export async function resumeSubscription(api: ApiClient): Promise<Subscription | null> {
  const { data } = await api.post<{ subscription?: Subscription | null }>("/subscriptions/resume");
  return data.subscription ?? null;
}

/** 'Manage billing': the address of the payment provider's billing portal for the signed-in user. */
export async function openBillingPortal(api: ApiClient, payload: PortalPayload): Promise<string> {
  const { data } = await api.post<PortalResponse>("/subscriptions/portal", payload);
  return data.url;
}

/**
 * The page where the payment that needs the customer (a failed renewal, a confirmation the bank asks for) is paid or
 * confirmed: the provider's invoice page, or the test provider's.
 */
export async function openPayment(api: ApiClient, payload: PortalPayload): Promise<string> {
  const { data } = await api.post<PortalResponse>("/subscriptions/pay", payload);
  return data.url;
}

/** The signed-in user's invoices, newest first. */
export async function getInvoices(api: ApiClient): Promise<Invoice[]> {
  const { data } = await api.get<{ invoices: Invoice[] }>("/subscriptions/invoices");
  return Array.isArray(data.invoices) ? data.invoices : [];
}

/** What became of the visitor's own checkout, by the id the provider's return address carries. */
export async function getCheckoutOutcome(api: ApiClient, id: string): Promise<CheckoutReturnResponse["status"]> {
  const { data } = await api.get<CheckoutReturnResponse>(`/subscriptions/checkouts/${encodeURIComponent(id)}`);
  return data.status;
}

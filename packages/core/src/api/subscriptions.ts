import type { ApiClient } from "../api-client";
import type { CreateCheckoutPayload, CreateCheckoutResponse, Plan, Subscription } from "@agency/contract";

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

export async function cancelSubscription(api: ApiClient): Promise<Subscription | null> {
  const { data } = await api.post<{ subscription?: Subscription | null }>("/subscriptions/cancel");
  return data.subscription ?? null;
}

export async function resumeSubscription(api: ApiClient): Promise<Subscription | null> {
  const { data } = await api.post<{ subscription?: Subscription | null }>("/subscriptions/resume");
  return data.subscription ?? null;
}

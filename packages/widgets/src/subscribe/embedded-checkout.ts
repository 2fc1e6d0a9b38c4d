import { CHECKOUT_SLOT } from "./plan-card";

export interface EmbeddedCheckoutOptions {
  publishableKey: string;
  clientSecret: string;
  /** The element: Stripe's frame is mounted in a child of it (see below). */
  host: HTMLElement;
  onComplete: () => void;
}

export interface OpenCheckout {
  close: () => void;
}

/**
 * Opens Stripe's embedded checkout (the `createEmbeddedCheckoutPage` API of stripe-js 10). This module and the
 * library are imported on demand (subscribe.tsx), so pages that never meet a Stripe session do not download them.
 *
 * Stripe refuses to mount inside a shadow root ("Elements cannot be mounted in a ShadowRoot. Please mount in the
 * Light DOM."): its frame talks to the light DOM. So the mount point is a light-DOM child of the element,
 * assigned to a <slot> the element renders inside its card; the host page sees one extra <div slot=…>.
 */
export async function openEmbeddedCheckout({
  publishableKey,
  clientSecret,
  host,
  onComplete,
}: EmbeddedCheckoutOptions): Promise<OpenCheckout> {
  const { loadStripe } = await import("@stripe/stripe-js");
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error("Stripe.js could not be loaded");
  const checkout = await stripe.createEmbeddedCheckoutPage({
    fetchClientSecret: async () => clientSecret,
    onComplete,
  });
  const mountPoint = document.createElement("div");
  mountPoint.slot = CHECKOUT_SLOT;
  host.append(mountPoint);
  try {
    checkout.mount(mountPoint);
  } catch (error) {
    checkout.destroy();
    mountPoint.remove();
    throw error;
  }
  return {
    close: () => {
      checkout.destroy();
      mountPoint.remove();
    },
  };
}

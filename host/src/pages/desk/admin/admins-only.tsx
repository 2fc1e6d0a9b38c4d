import { useDeskSession } from "@agency/core";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";

/** The audit log and staff management are for admins; staff who follow a link there are told so. */
export function AdminsOnly({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { staff } = useDeskSession();
  if (staff?.role === "admin") return children;
  return (
    <div className="desk-view">
      <h1 className="desk-view__title">{title}</h1>
      <p className="notice">
        <Trans>Only admins of the desk can see this.</Trans>
      </p>
    </div>
  );
}

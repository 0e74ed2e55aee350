/**
 * Editing a draft (the invoices declaration's editComponent, opened by Edit on the details page and
 * on a draft's row): the create form, filled from the invoice as the server has it now.
 */
import { useNavigate } from "react-router";
import { useOne, useTranslate } from "@refinedev/core";
import { Alert, Drawer, Skeleton } from "antd";
import { invoices, type Invoice } from "../../../../resources/invoices.ts";
import type { EditScreenProps } from "../../components/resource/screens.tsx";
import { withId } from "../../providers/data-provider.ts";
import { useDeclared } from "../../components/resource/use-declared.ts";
import { InvoiceForm } from "./invoice-form.tsx";

export default function InvoiceEditDrawer({ open, record, onClose }: EditScreenProps) {
  const navigate = useNavigate();
  const t = useTranslate();
  const def = useDeclared(invoices);
  // A list row may carry less than the record: read it whole.
  const { result, query } = useOne<Invoice>({ resource: invoices.name, id: record.id, errorNotification: false });
  return (
    <Drawer title={t("invoices.edit.title")} open={open} onClose={onClose} width="min(1280px, 96vw)" destroyOnHidden>
      {query.isLoading ? (
        <Skeleton active />
      ) : !result ? (
        <Alert type="error" showIcon message={def.errorMessage} description={(query.error as { message?: string } | null)?.message} />
      ) : result.state !== "DRAFT" ? (
        <Alert type="info" showIcon message={t("invoices.edit.onlyDraft")} />
      ) : (
        <InvoiceForm
          record={result}
          onSaved={(saved) => {
            onClose();
            navigate(withId(invoices.routes.show!, saved.id));
          }}
        />
      )}
    </Drawer>
  );
}

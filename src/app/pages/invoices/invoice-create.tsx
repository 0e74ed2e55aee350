/** /invoicing/invoices/create (SPEC §2, invoices_write): the invoice form on its own page; saved, it opens the invoice. */
import { useNavigate } from "react-router";
import { useTranslate } from "@refinedev/core";
import { Button } from "antd";
import { ArrowLeftOutlined } from "@ant-design/icons";
import { invoices } from "../../../../resources/invoices.ts";
import { withId } from "../../providers/data-provider.ts";
import { useDeclared } from "../../components/resource/use-declared.ts";
import { InvoiceForm } from "./invoice-form.tsx";
import { PageTitle } from "../../components/layout/page-title.tsx";

export default function InvoiceCreate() {
  const navigate = useNavigate();
  const t = useTranslate();
  const def = useDeclared(invoices);
  return (
    <>
      <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(invoices.routes.list)}>
        {t("invoices.back")}
      </Button>
      <PageTitle style={{ margin: "12px 0 16px" }}>{def.createLabel}</PageTitle>
      <InvoiceForm onSaved={(saved) => navigate(withId(invoices.routes.show!, saved.id))} />
    </>
  );
}

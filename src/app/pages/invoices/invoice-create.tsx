/** /invoicing/invoices/create (SPEC §2, invoices_write): the invoice form on its own page; saved, it opens the invoice. */
import { useNavigate } from "react-router";
import { Button, Typography } from "antd";
import { ArrowLeftOutlined } from "@ant-design/icons";
import { invoices } from "../../../../resources/invoices.ts";
import { withId } from "../../providers/data-provider.ts";
import { InvoiceForm } from "./invoice-form.tsx";

export default function InvoiceCreate() {
  const navigate = useNavigate();
  return (
    <>
      <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(invoices.routes.list)}>
        Back
      </Button>
      <Typography.Title level={3} style={{ margin: "12px 0 16px" }}>
        {invoices.createLabel}
      </Typography.Title>
      <InvoiceForm onSaved={(saved) => navigate(withId(invoices.routes.show!, saved.id))} />
    </>
  );
}

/**
 * A record that could not be read (an unknown id: "Beneficiary not found"), said in the server's words.
 * On its own so that an edit page, which shows it too, does not bring the details page's code.
 */
import { useTranslate } from "@refinedev/core";
import { Alert } from "antd";

export function RecordNotRead({ error }: { error: unknown }) {
  const t = useTranslate();
  return <Alert type="error" showIcon message={(error as { message?: string } | null)?.message ?? t("resource.show.notFound")} style={{ marginTop: 16 }} />;
}

/** /404 and every unknown route: Go Home, Go Back. */
import { useNavigate } from "react-router";
import { useTranslate } from "@refinedev/core";
import { Button, Flex, Result } from "antd";

export default function NotFoundPage() {
  const navigate = useNavigate();
  const t = useTranslate();
  return (
    <Flex align="center" justify="center" style={{ minHeight: "100vh" }}>
      <Result
        status="404"
        // The page's one heading, in the look of antd's result title.
        title={<h1 style={{ font: "inherit", color: "inherit", margin: 0 }}>{t("common.notFound.title")}</h1>}
        subTitle={t("common.notFound.body")}
        extra={[
          <Button key="home" type="primary" onClick={() => navigate("/")}>
            {t("common.notFound.home")}
          </Button>,
          <Button key="back" onClick={() => navigate(-1)}>
            {t("common.notFound.back")}
          </Button>,
        ]}
      />
    </Flex>
  );
}

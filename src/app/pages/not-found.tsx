/** /404 and every unknown route: Go Home, Go Back. */
import { useNavigate } from "react-router";
import { Button, Flex, Result } from "antd";

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Flex align="center" justify="center" style={{ minHeight: "100vh" }}>
      <Result
        status="404"
        // The page's one heading, in the look of antd's result title.
        title={<h1 style={{ font: "inherit", color: "inherit", margin: 0 }}>Page not found</h1>}
        subTitle="The page you are looking for does not exist or has moved."
        extra={[
          <Button key="home" type="primary" onClick={() => navigate("/")}>
            Go Home
          </Button>,
          <Button key="back" onClick={() => navigate(-1)}>
            Go Back
          </Button>,
        ]}
      />
    </Flex>
  );
}

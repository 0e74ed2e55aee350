/** /email-verification/:token: verifies once, then /login?action=verified; a bad link goes to /login. */
import { useEffect, useRef } from "react";
import { useNavigate, useParams } from "react-router";
import { Spin } from "antd";
import { useTranslate } from "@refinedev/core";
import { authEndpoints } from "../../../../resources/auth.ts";
import { call } from "../../api/call.ts";
import { AuthCard } from "../../components/layout/auth-card.tsx";
import { useToast } from "../../hooks/use-toast.ts";

export default function EmailVerificationPage() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const t = useTranslate();
  const started = useRef(false); // a token is single-use: never send it twice (StrictMode runs effects twice)

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    call(authEndpoints.verifyEmail, { body: { token } })
      .then((res) => {
        toast.success(res.message);
        navigate("/login?action=verified", { replace: true });
      })
      .catch((e) => {
        toast.error(e);
        navigate("/login", { replace: true });
      });
  }, [token, navigate, toast]);

  return (
    <AuthCard title={t("auth.verifyEmail.title")}>
      <Spin /> {t("auth.verifyEmail.wait")}
    </AuthCard>
  );
}

/** A seconds countdown for "Resend code in Ns" (SPEC §9: 60 s); `restart()` starts it again. */
import { useEffect, useState } from "react";
import { OTP_RESEND_SECONDS } from "../../../resources/auth.ts";

export function useCountdown(initial = 0) {
  const [wait, setWait] = useState(initial);
  useEffect(() => {
    if (wait <= 0) return;
    const t = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(t);
  }, [wait]);
  return { wait, restart: () => setWait(OTP_RESEND_SECONDS) };
}

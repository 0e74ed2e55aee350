/**
 * Settings → Profile, "Language and formats" (issue 30): the member's language, number format and
 * time zone, each "as my browser" (or the language's format) until chosen, with an example of both
 * as they will read. Saved on the server (PATCH /settings/profile); the console then reads the
 * session again and draws itself anew in them.
 */
import { useMemo, useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Button, Card, Col, Form, Row, Select, Typography } from "antd";
import { settingsEndpoints } from "../../../../resources/settings.ts";
import {
  LANGUAGE_CODES,
  LANGUAGES,
  NUMBER_FORMAT_CODES,
  NUMBER_FORMATS,
  isLanguage,
  isNumberFormat,
  pickLanguage,
  type Formats,
} from "../../../lib/formats.ts";
import { formatMoney } from "../../../lib/money.ts";
import { formatDateTime } from "../../../lib/dates.ts";
import { call } from "../../api/call.ts";
import { useSession } from "../../session/session.tsx";
import { useToast } from "../../hooks/use-toast.ts";

const browserLanguages = () => (typeof navigator === "undefined" ? [] : navigator.languages);
const LANGUAGE_FORMAT = { en: "en-US", fr: "fr-FR", de: "de-DE" } as const;

export function ProfilePreferences() {
  const { session, refresh } = useSession();
  const t = useTranslate();
  const toast = useToast();
  const user = session!.user;
  // "" stands for null: as the browser (or the language) has it.
  const [locale, setLocale] = useState(user.locale ?? "");
  const [numberFormat, setNumberFormat] = useState(user.number_format ?? "");
  const [timeZone, setTimeZone] = useState(user.time_zone ?? "");
  const [saving, setSaving] = useState(false);

  const browserLanguage = pickLanguage(null, browserLanguages());
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zones = useMemo(() => ["UTC", ...Intl.supportedValuesOf("timeZone").filter((z) => z !== "UTC")].map((z) => ({ value: z, label: z })), []);
  const chosen: Formats = {
    language: pickLanguage(locale || null, browserLanguages()),
    numberFormat: isNumberFormat(numberFormat) ? numberFormat : null,
    timeZone: timeZone || null,
  };

  async function save() {
    setSaving(true);
    try {
      const body = {
        locale: isLanguage(locale) ? locale : null,
        number_format: isNumberFormat(numberFormat) ? numberFormat : null,
        time_zone: timeZone || null,
      };
      await call(settingsEndpoints.updateMyPreferences, { body });
      toast.success(t("profile.preferences.saved"));
      // The console mounts anew in the new language and formats (App.tsx RefineGate).
      await refresh();
    } catch (e) {
      toast.error(e);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title={t("profile.preferences.title")} data-testid="profile-preferences">
      <Form layout="vertical" component="form" onFinish={save}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label={t("profile.preferences.language")} htmlFor="preferences-language">
              <Select
                id="preferences-language"
                value={locale}
                onChange={setLocale}
                options={[
                  { value: "", label: t("profile.preferences.browser", { value: LANGUAGES[browserLanguage] }) },
                  ...LANGUAGE_CODES.map((l) => ({ value: l, label: LANGUAGES[l] })),
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t("profile.preferences.numberFormat")} htmlFor="preferences-number-format">
              <Select
                id="preferences-number-format"
                value={numberFormat}
                onChange={setNumberFormat}
                options={[
                  { value: "", label: t("profile.preferences.languageFormat", { value: NUMBER_FORMATS[LANGUAGE_FORMAT[chosen.language]] }) },
                  ...NUMBER_FORMAT_CODES.map((f) => ({ value: f, label: NUMBER_FORMATS[f] })),
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t("profile.preferences.timeZone")} htmlFor="preferences-time-zone">
              <Select
                id="preferences-time-zone"
                value={timeZone}
                onChange={setTimeZone}
                showSearch
                optionFilterProp="label"
                options={[{ value: "", label: t("profile.preferences.browser", { value: browserZone }) }, ...zones]}
              />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary" data-testid="preferences-example">
          {t("profile.preferences.example", { amount: formatMoney("123456", "USD", chosen), time: formatDateTime(new Date(), chosen) })}
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t("profile.preferences.save")}
        </Button>
      </Form>
    </Card>
  );
}

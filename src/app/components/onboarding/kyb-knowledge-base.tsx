/**
 * The KYB knowledge base card on the onboarding screen: every topic opens its own modal, and
 * 'View all' opens the full list of requirements. The content lives in kyb-topics.ts.
 */
import { useMemo, useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Button, Card, Flex, List, Modal, Typography } from "antd";
import { KYB_INTRO_KEY, KYB_REQUIREMENTS_INTRO, KYB_TOPICS, kybTopicIn, type KybTopic } from "./kyb-topics.ts";

function TopicPoints({ points }: { points: string[] }) {
  return (
    <ul style={{ paddingInlineStart: 20, marginBlock: 0 }}>
      {points.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );
}

export function KybKnowledgeBase() {
  const t = useTranslate();
  // The topics in the member's language (kyb-topics.ts says how).
  const topics = useMemo(() => KYB_TOPICS.map((topic) => kybTopicIn((key, text) => t(key, {}, text), topic)), [t]);
  // The last topic stays set after closing, so the modal keeps its content while it animates out.
  const [topic, setTopic] = useState<KybTopic | null>(null);
  const [topicOpen, setTopicOpen] = useState(false);
  const [allOpen, setAllOpen] = useState(false);
  const openTopic = (chosen: KybTopic) => {
    setTopic(chosen);
    setTopicOpen(true);
  };
  const closeTopic = () => setTopicOpen(false);
  const closeAll = () => setAllOpen(false);
  return (
    <Card
      title={t("onboarding.kyb.title")}
      variant="borderless"
      extra={
        <Button type="link" onClick={() => setAllOpen(true)}>
          {t("onboarding.kyb.viewAll")}
        </Button>
      }
    >
      <Flex vertical align="start">
        {topics.map((topic) => (
          <Button key={topic.key} type="link" style={{ paddingInline: 0 }} onClick={() => openTopic(topic)}>
            {topic.title}
          </Button>
        ))}
      </Flex>
      <Modal title={topic?.title} open={topicOpen} onCancel={closeTopic} footer={<Button onClick={closeTopic}>{t("common.close")}</Button>}>
        {topic && (
          <>
            <Typography.Paragraph>{topic.summary}</Typography.Paragraph>
            <TopicPoints points={topic.points} />
          </>
        )}
      </Modal>
      <Modal
        title={t("onboarding.kyb.requirements")}
        open={allOpen}
        onCancel={closeAll}
        footer={<Button onClick={closeAll}>{t("common.close")}</Button>}
        width={640}
      >
        <Typography.Paragraph>{t(KYB_INTRO_KEY, {}, KYB_REQUIREMENTS_INTRO)}</Typography.Paragraph>
        <List
          dataSource={topics}
          renderItem={(topic) => (
            <List.Item key={topic.key}>
              <List.Item.Meta title={topic.title} description={topic.summary} />
            </List.Item>
          )}
        />
      </Modal>
    </Card>
  );
}

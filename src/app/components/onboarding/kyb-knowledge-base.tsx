/**
 * The KYB knowledge base card on the onboarding screen: every topic opens its own modal, and
 * 'View all' opens the full list of requirements. The content lives in kyb-topics.ts.
 */
import { useState } from "react";
import { Button, Card, Flex, List, Modal, Typography } from "antd";
import { KYB_REQUIREMENTS_INTRO, KYB_TOPICS, type KybTopic } from "./kyb-topics.ts";

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
  // The last topic stays set after closing, so the modal keeps its content while it animates out.
  const [topic, setTopic] = useState<KybTopic | null>(null);
  const [topicOpen, setTopicOpen] = useState(false);
  const [allOpen, setAllOpen] = useState(false);
  const openTopic = (t: KybTopic) => {
    setTopic(t);
    setTopicOpen(true);
  };
  const closeTopic = () => setTopicOpen(false);
  const closeAll = () => setAllOpen(false);
  return (
    <Card
      title="KYB knowledge base"
      variant="borderless"
      extra={
        <Button type="link" onClick={() => setAllOpen(true)}>
          View all
        </Button>
      }
    >
      <Flex vertical align="start">
        {KYB_TOPICS.map((t) => (
          <Button key={t.key} type="link" style={{ paddingInline: 0 }} onClick={() => openTopic(t)}>
            {t.title}
          </Button>
        ))}
      </Flex>
      <Modal title={topic?.title} open={topicOpen} onCancel={closeTopic} footer={<Button onClick={closeTopic}>Close</Button>}>
        {topic && (
          <>
            <Typography.Paragraph>{topic.summary}</Typography.Paragraph>
            <TopicPoints points={topic.points} />
          </>
        )}
      </Modal>
      <Modal title="KYB requirements" open={allOpen} onCancel={closeAll} footer={<Button onClick={closeAll}>Close</Button>} width={640}>
        <Typography.Paragraph>{KYB_REQUIREMENTS_INTRO}</Typography.Paragraph>
        <List
          dataSource={[...KYB_TOPICS]}
          renderItem={(t) => (
            <List.Item key={t.key}>
              <List.Item.Meta title={t.title} description={t.summary} />
            </List.Item>
          )}
        />
      </Modal>
    </Card>
  );
}

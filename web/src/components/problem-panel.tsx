import { Button } from 'antd';
import { CloseCircleFilled } from '@ant-design/icons';

/**
 * A page-sized "something is wrong" panel with one way out: the start-up and sign-in failures
 * of the app shell. Plain markup rather than antd's Result, whose illustrations would weigh on
 * every first screen.
 */
export function ProblemPanel({ title, description, action, onAction }: { title: string; description: string; action: string; onAction: () => void }) {
  return (
    <section className="problem-panel" role="alert" aria-labelledby="problem-panel-title">
      <CloseCircleFilled aria-hidden="true" style={{ fontSize: 56, color: '#cf1322', marginBottom: 16 }} />
      <h1 id="problem-panel-title" className="problem-panel__title">
        {title}
      </h1>
      <p className="problem-panel__description">{description}</p>
      <Button type="primary" onClick={onAction}>
        {action}
      </Button>
    </section>
  );
}

import { Button, Card, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { dashboardStrings } from '../strings';

const t = dashboardStrings.askQi;

/** The dashboard's way to Underwriting Qi (spec §2 Dashboard "An Ask Qi panel"). */
export function AskQiPanel() {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="ask-qi-heading" style={{ marginBottom: 24 }}>
      <Card>
        <h2 id="ask-qi-heading" className="card-heading">
          {t.heading}
        </h2>
        <Typography.Paragraph>{t.text}</Typography.Paragraph>
        <Button type="primary" onClick={() => void navigate(paths.qi())}>
          {t.button}
        </Button>
      </Card>
    </section>
  );
}

import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { dashboardStrings } from '../strings';

const t = dashboardStrings.askQi;

/**
 * The dashboard's way to Underwriting Qi (spec §2 Dashboard "An Ask Qi panel"). Plain markup in
 * the dashboard's panel style: antd's Card would bring its tabs into the first screen's download.
 */
export function AskQiPanel() {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="ask-qi-heading" className="panel" style={{ marginBottom: 24, paddingTop: 20 }}>
      <h2 id="ask-qi-heading" className="card-heading">
        {t.heading}
      </h2>
      <p style={{ margin: '8px 0 16px' }}>{t.text}</p>
      <Button type="primary" onClick={() => void navigate(paths.qi())}>
        {t.button}
      </Button>
    </section>
  );
}

import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { formatDate } from '@/lib/format';

interface ExpiredQuoteAlertProps {
  /** The day the quote stopped being valid (ISO), when known. */
  expiredOn: string | null | undefined;
  /** The page's words: the alert's title, what to do (given the date shown), and the button. */
  texts: { title: string; description: (date: string) => string; priceAgain: string };
  /** The button that prices the quote again, where the adviser may; left out where they may not. */
  priceAgain?: { disabled: boolean; loading?: boolean; onClick: () => void };
}

/** "This quote has expired": the quote and contact details pages say so, with a button to price it again. */
export function ExpiredQuoteAlert({ expiredOn, texts, priceAgain }: ExpiredQuoteAlertProps) {
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      message={texts.title}
      description={texts.description(formatDate(expiredOn))}
      action={
        priceAgain && (
          <Button size="small" icon={<ReloadOutlined aria-hidden="true" />} loading={priceAgain.loading} disabled={priceAgain.disabled} onClick={priceAgain.onClick}>
            {texts.priceAgain}
          </Button>
        )
      }
    />
  );
}

import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Flex, Progress, Typography } from 'antd';
import { percentFromHundredths, planStatus, remainingHundredths, type BenefitAllocation } from '../../payout-model';
import { quoteStrings } from '../../strings';

const t = quoteStrings.payout;

/** The shares' running total: exactly 100 % completes the plan. */
export function PlanTotal({ allocations }: { allocations: BenefitAllocation[] }) {
  const { total, complete, problem } = planStatus(allocations);
  const over = total > 10_000;
  const left = remainingHundredths(allocations);
  return (
    <div className="share-total" role="status">
      <Flex justify="space-between" align="baseline" gap="middle" wrap>
        <Typography.Text strong>{t.total(percentFromHundredths(total))}</Typography.Text>
        {complete ? (
          <Typography.Text type="success">
            <CheckCircleFilled aria-hidden="true" /> {t.complete}
          </Typography.Text>
        ) : (
          <Typography.Text type="warning">
            <ExclamationCircleFilled aria-hidden="true" /> {problem}
            {allocations.length > 0 && left > 0 && ` (${t.left(percentFromHundredths(left))})`}
          </Typography.Text>
        )}
      </Flex>
      <Progress
        percent={Math.min(100, total / 100)}
        showInfo={false}
        size="small"
        status={complete ? 'success' : over ? 'exception' : 'normal'}
        aria-hidden="true"
      />
    </div>
  );
}

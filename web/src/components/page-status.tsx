import { Flex, Spin, Typography } from 'antd';

/** A centred spinner with a visible, announced message (e.g. "Signing you in…"). */
export function PageStatus({ message }: { message: string }) {
  return (
    <Flex vertical align="center" justify="center" gap="middle" className="page-status" role="status" aria-live="polite">
      <Spin size="large" />
      <Typography.Text type="secondary">{message}</Typography.Text>
    </Flex>
  );
}

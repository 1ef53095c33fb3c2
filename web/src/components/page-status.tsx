import { Flex, Spin } from 'antd';

/** A centred spinner with a visible, announced message (e.g. "Signing you in…"). */
export function PageStatus({ message }: { message: string }) {
  return (
    <Flex vertical align="center" justify="center" gap="middle" className="page-status" role="status" aria-live="polite">
      <Spin size="large" />
      <p className="page-status__message">{message}</p>
    </Flex>
  );
}

import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/**
 * The way on from a page whose work is done, as the page's main action ("Continue to AMRA"), so
 * the adviser never has to look for where to go next.
 */
export function ContinueButton({ to, children }: { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => void navigate(to)}>
      {children}
    </Button>
  );
}

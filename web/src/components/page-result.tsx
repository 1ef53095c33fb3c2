import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeading } from './page-heading';

interface PageResultProps {
  /** 404 for what is not there (or not the user's to see), error for what could not be loaded. */
  status: '404' | 'error';
  title: string;
  description: string;
  /** The one way on: back to a page (`to`), or try again (`onAction`). */
  action: string;
  to?: string;
  onAction?: () => void;
}

/** A whole page that says why it cannot show what was asked for, with its heading as the page's h1. */
export function PageResult({ status, title, description, action, to, onAction }: PageResultProps) {
  const navigate = useNavigate();
  const act = () => {
    if (to !== undefined) void navigate(to);
    else onAction?.();
  };
  return (
    <Result
      status={status}
      title={<PageHeading>{title}</PageHeading>}
      subTitle={description}
      extra={
        <Button type="primary" onClick={act}>
          {action}
        </Button>
      }
    />
  );
}

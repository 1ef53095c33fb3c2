import { Alert } from 'antd';
import type { CSSProperties } from 'react';

interface ProblemListProps {
  title: string;
  problems: readonly string[];
  /** A lone problem as a list item (the default), or as the alert's plain text. */
  one?: 'listed' | 'plain';
  className?: string;
  style?: CSSProperties;
}

/**
 * What the server refused, or why something cannot go ahead: an error alert with its title and
 * one line a problem. Nothing when there are none.
 */
export function ProblemList({ title, problems, one = 'listed', className, style }: ProblemListProps) {
  if (problems.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      className={className}
      style={style}
      message={title}
      description={
        problems.length === 1 && one === 'plain' ? (
          problems[0]
        ) : (
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {problems.map((problem, index) => (
              <li key={`${String(index)}:${problem}`}>{problem}</li>
            ))}
          </ul>
        )
      }
    />
  );
}

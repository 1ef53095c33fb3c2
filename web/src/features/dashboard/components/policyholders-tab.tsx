import { Empty } from 'antd';
import { dashboardStrings as t } from '../strings';

/** Policy search arrives in a later milestone; until then this tab says what it will hold. */
export function PolicyholdersTab() {
  return <Empty description={t.policyholdersEmpty} style={{ padding: '48px 0' }} />;
}

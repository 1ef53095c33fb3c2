/** Finding one's way around real antd components in component tests. */
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The antd Form.Item around a field: where its label, help and error message are. */
export function formItemOf(element: HTMLElement): HTMLElement {
  const item = element.closest<HTMLElement>('.ant-form-item');
  if (!item) throw new Error('not inside an antd Form.Item');
  return item;
}

/** Opens an antd Select by its label and picks the option with this text. */
export async function choose(user: UserEvent, scope: HTMLElement, label: string, option: string) {
  await user.click(within(scope).getByLabelText(label));
  const options = await screen.findAllByTitle(option);
  const visible = options.find((element) => element.classList.contains('ant-select-item-option'));
  if (!visible) throw new Error(`no option ${option}`);
  await user.click(visible);
}

/** The text of the elements `control`'s aria-describedby points to. */
function description(control: HTMLElement): string {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => control.ownerDocument.getElementById(id)?.textContent ?? '').join(' ');
}

/** The elements a Form.Item's message can describe: what a screen reader lands on. */
const CONTROLS = 'input:not([type="hidden"]), textarea, [role="combobox"], [role="radiogroup"], [role="group"], [role="checkbox"]';

/**
 * The field errors shown under form fields that no field announces: for each error message in a
 * form item, the item's control must carry it as its accessible description (aria-describedby),
 * so a screen reader reads it when the field is reached, not only a sighted user below it.
 * Returns the messages that are shown but tied to nothing (an empty list when all are tied).
 */
export function errorsNotTiedToTheirField(container: Element = document.body): string[] {
  const untied: string[] = [];
  for (const error of container.querySelectorAll<HTMLElement>('.ant-form-item-explain-error')) {
    const message = error.textContent.trim();
    if (!message) continue;
    const item = error.closest('.ant-form-item');
    const controls = item ? [...item.querySelectorAll<HTMLElement>(CONTROLS)] : [];
    if (!controls.some((control) => description(control).includes(message))) untied.push(message);
  }
  return untied;
}

import { Button, Tag } from 'antd';
import { isSectionEnabled, sectionStatus, type Enquiry, type Selection } from './enquiry-model';
import { interviewStrings as t } from './strings';

const statusColours = { notStarted: 'default', inProgress: 'blue', inComplete: 'orange', complete: 'green' } as const;

interface SectionNavProps {
  enquiry: Enquiry;
  selection: Selection;
  onSelect: (selection: Selection) => void;
  /** The last step's name: the summary and declaration. */
  summaryLabel: string;
}

/**
 * The interview's sections with where each stands (§4), later ones disabled until reached, then
 * the summary: how the adviser's interview and the client's own (in the portal) are walked.
 */
export function SectionNav({ enquiry, selection, onSelect, summaryLabel }: SectionNavProps) {
  const summaryEnabled = enquiry.isSatisfied || !enquiry.isOpen;
  return (
    <nav aria-label={t.sectionsLabel}>
      <ol className="enquiry-sections" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {enquiry.sections.map((section, index) => {
          const status = sectionStatus(section);
          const enabled = isSectionEnabled(enquiry, index);
          const selected = selection.kind === 'section' && selection.index === index;
          return (
            <li key={section.id || section.name} style={{ marginBottom: 8 }}>
              <Button
                type={selected ? 'primary' : 'text'}
                block
                disabled={!enabled}
                title={enabled ? undefined : t.sectionDisabled}
                aria-current={selected ? 'step' : undefined}
                style={{ textAlign: 'left', height: 'auto', whiteSpace: 'normal', display: 'flex', justifyContent: 'space-between', gap: 8 }}
                onClick={() => onSelect({ kind: 'section', index })}
              >
                <span>{section.name}</span>
                <Tag color={statusColours[status]} bordered={false} style={{ marginInlineEnd: 0 }}>
                  {t.statuses[status]}
                </Tag>
              </Button>
            </li>
          );
        })}
        <li>
          <Button
            type={selection.kind === 'summary' ? 'primary' : 'text'}
            block
            disabled={!summaryEnabled}
            aria-current={selection.kind === 'summary' ? 'step' : undefined}
            style={{ textAlign: 'left' }}
            onClick={() => onSelect({ kind: 'summary' })}
          >
            {summaryLabel}
          </Button>
        </li>
      </ol>
    </nav>
  );
}

import { Card, type CardProps } from 'antd';
import { useId, type CSSProperties, type ReactNode, type Ref } from 'react';

interface SectionCardProps extends Omit<CardProps, 'title'> {
  /** The card's title, its h2, which names the landmark around it. */
  heading: ReactNode;
  /** The heading's id, for a page or test that links to it; a generated one when absent. */
  headingId?: string;
  /** For a page that moves focus to the heading, which is then focusable. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** The landmark: a section, or an aside for what sits beside the page's main content. */
  landmark?: 'section' | 'aside';
  landmarkClassName?: string;
  landmarkStyle?: CSSProperties;
}

/** A card that is a region of the page: its title an h2 naming the section (or aside) around it. */
export function SectionCard({ heading, headingId, headingRef, landmark = 'section', landmarkClassName, landmarkStyle, ...card }: SectionCardProps) {
  const generatedId = useId();
  const id = headingId ?? generatedId;
  const Landmark = landmark;
  return (
    <Landmark aria-labelledby={id} className={landmarkClassName} style={landmarkStyle}>
      <Card
        {...card}
        title={
          <h2 id={id} ref={headingRef} className="card-heading" tabIndex={headingRef ? -1 : undefined}>
            {heading}
          </h2>
        }
      />
    </Landmark>
  );
}

import type { PlansResponse } from '@gnology/contracts';
import { ChevronDown } from 'lucide-react';
import { Button, Disclosure, DisclosureGroup, DisclosurePanel, Heading } from 'react-aria-components';

/** The pricing questions, each opening on its own (accessible disclosures: Enter or Space toggles). */
export function PricingFaq({ items }: { items: PlansResponse['faq'] }) {
  return (
    <DisclosureGroup className="pricing-faq" allowsMultipleExpanded>
      {items.map((item) => (
        <Disclosure key={item.question} className="pricing-faq__item">
          <Heading level={3} className="pricing-faq__question">
            <Button slot="trigger" className="pricing-faq__trigger">
              <span>{item.question}</span>
              <ChevronDown size={20} aria-hidden="true" className="pricing-faq__chevron" />
            </Button>
          </Heading>
          <DisclosurePanel className="pricing-faq__answer">
            <p>{item.answer}</p>
          </DisclosurePanel>
        </Disclosure>
      ))}
    </DisclosureGroup>
  );
}

import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';

/**
 * One collapsible section (FAQ, tutorial): a heading whose button opens and closes the panel
 * (Enter or Space), inside a DisclosureGroup that owns which sections are open. The wrapper
 * carries the id a link's fragment lands on (react-aria keeps `id` as the group key).
 */
export function Fold({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <div id={id} className="anchored">
      <Disclosure id={id} className="fold">
        <Heading level={2} className="fold__heading">
          <Button slot="trigger" className="fold__trigger">
            <span>{title}</span>
            <ChevronDown size={22} aria-hidden="true" className="fold__chevron" />
          </Button>
        </Heading>
        <DisclosurePanel className="fold__panel">{children}</DisclosurePanel>
      </Disclosure>
    </div>
  );
}

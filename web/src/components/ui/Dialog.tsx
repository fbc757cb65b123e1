import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import './ui.css';

export interface DialogProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Buttons at the bottom (e.g. Cancel and a confirming action). */
  footer?: ReactNode | ((close: () => void) => ReactNode);
  size?: 'sm' | 'md' | 'lg';
  /** Confirmation dialogs should not close on a stray click outside. */
  dismissable?: boolean;
}

/**
 * A modal dialog on react-aria-components: focus moves in and is trapped, Escape closes,
 * focus returns to the opener. Controlled by `isOpen`.
 */
export function Dialog({
  title,
  isOpen,
  onOpenChange,
  children,
  footer,
  size = 'md',
  dismissable = true,
}: DialogProps) {
  return (
    <ModalOverlay className="dialog-overlay" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={dismissable}>
      <Modal className={`dialog dialog--${size}`}>
        <AriaDialog className="dialog__inner">
          {({ close }) => (
            <>
              <div className="dialog__header">
                <Heading slot="title" className="dialog__title">
                  {title}
                </Heading>
                <button type="button" className="dialog__close" onClick={close} aria-label="Close">
                  <X size={20} aria-hidden="true" />
                </button>
              </div>
              <div className="dialog__body">{typeof children === 'function' ? children(close) : children}</div>
              {footer && <div className="dialog__footer">{typeof footer === 'function' ? footer(close) : footer}</div>}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

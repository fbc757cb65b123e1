import { Maximize2, Minimize2, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Button } from '../../components/ui';

interface Props {
  title: string;
  sidebarOpen: boolean;
  fullscreen: boolean;
  onToggleSidebar(): void;
  onToggleFullscreen(): void;
}

/** The bar above the thread: show or hide the conversations, the conversation's title, Fullscreen. */
export function ResearchHeader({ title, sidebarOpen, fullscreen, onToggleSidebar, onToggleFullscreen }: Props) {
  return (
    <header className="research__bar">
      <Button
        size="sm"
        variant="ghost"
        aria-expanded={sidebarOpen}
        aria-controls="research-sidebar"
        icon={sidebarOpen ? <PanelLeftClose size={18} /> : <PanelLeftOpen size={18} />}
        onClick={onToggleSidebar}
      >
        {sidebarOpen ? 'Hide conversations' : 'Conversations'}
      </Button>
      <h1 className="research__title">{title || 'Research with Gene'}</h1>
      <Button
        size="sm"
        icon={fullscreen ? <Minimize2 size={16} /> : <Maximize2 size={16} />}
        onClick={onToggleFullscreen}
        aria-pressed={fullscreen}
      >
        {fullscreen ? 'Exit Fullscreen' : 'Fullscreen'}
      </Button>
    </header>
  );
}

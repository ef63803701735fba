import { Button } from './button';
import { Modal } from './modal';

interface LeaveDialogProps {
  open: boolean;
  onStay(): void;
  onLeave(): void;
}

/** Asked before unsaved work would be lost: by a link, Back, or a form's own Cancel or Close. */
export function LeaveDialog({ open, onStay, onLeave }: LeaveDialogProps) {
  return (
    <Modal
      open={open}
      title="Leave without saving?"
      onClose={onStay}
      footer={
        <>
          <Button variant="secondary" onClick={onStay} autoFocus>
            Stay on this page
          </Button>
          <Button variant="danger" onClick={onLeave}>
            Leave without saving
          </Button>
        </>
      }
    >
      <p>What you typed or chose here is not saved yet. If you leave now, it is lost.</p>
    </Modal>
  );
}

import { CreateButton } from '../components/CreateButton.tsx';
import { RectificationList } from '../components/RectificationList.tsx';

/** Every rectification of the caller's stores (/taskManagement/taskMendTodo, 'todo all-rectification'), with filters and download. */
export function AllRectificationsPage() {
  return <RectificationList kind="all" extra={<CreateButton />} />;
}

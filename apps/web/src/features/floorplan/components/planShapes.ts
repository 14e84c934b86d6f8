import type { PlanElement } from '@storelens/contracts';
import type { ShapeView } from './PlanStage.tsx';

/** Saved elements as reference shapes for the stage. */
export function shapesOf(elements: readonly PlanElement[]): ShapeView[] {
  return elements.map((element) => ({
    key: element.elementId,
    kind: element.kind,
    points: element.points,
    colour: element.colour,
    label: element.name,
    flowMode: element.flowMode,
  }));
}

import { useEffect, useRef } from 'react';
import { useContainerWidth } from '../hooks/useContainerWidth.ts';

export interface PlanView {
  /** Canvas pixels per plan metre. */
  scale: number;
  width: number;
  height: number;
}

/**
 * A floor plan drawn to the width of its container, the plan's image underneath and the page's
 * drawing (heat, trajectories, lines) on top; `draw` runs again whenever its inputs change. The
 * canvas is named for assistive technology by `label`.
 */
export function PlanCanvas({
  plan,
  image,
  draw,
  label,
  testId,
  canvasRef,
}: {
  plan: { widthM: number; heightM: number };
  image: HTMLImageElement | null;
  draw: (context: CanvasRenderingContext2D, view: PlanView) => void;
  label: string;
  testId: string;
  canvasRef?: React.RefObject<HTMLCanvasElement | null>;
}) {
  const own = useRef<HTMLCanvasElement>(null);
  const canvas = canvasRef ?? own;
  // A callback ref: the width is measured once the box exists (a plan loaded after the first render too).
  const [container, containerWidth] = useContainerWidth();
  const width = Math.min(1200, containerWidth);
  const scale = width / plan.widthM;
  const height = Math.round(plan.heightM * scale);
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    context.clearRect(0, 0, width, height);
    if (image) context.drawImage(image, 0, 0, width, height);
    draw(context, { scale, width, height });
    element.dataset.drawn = image ? 'true' : 'false';
  }, [canvas, draw, image, scale, width, height]);
  return (
    <div ref={container} style={{ width: '100%' }}>
      <canvas ref={canvas} width={width} height={height} role="img" aria-label={label} data-testid={testId} style={{ maxWidth: '100%', display: 'block' }} />
    </div>
  );
}

import type { GuideStep } from './guides-data.ts';

/**
 * Runs one guide's steps with driver.js, loaded here on demand so no page pays for it until a
 * guide starts. Resolves true when the person reached the last step and pressed Finalizar,
 * false when they closed it before.
 */
export async function runTour(steps: readonly GuideStep[]): Promise<boolean> {
  const [{ driver }] = await Promise.all([
    import('driver.js'),
    import('driver.js/dist/driver.css'),
    import('./guides.css'),
  ]);
  return new Promise((resolve) => {
    let finished = false;
    const tour = driver({
      // spec 000 §9: tour dialog width 250 (guides.css), target padding 7.
      stagePadding: 7,
      popoverClass: 'agendo-tour',
      showProgress: true,
      progressText: '{{current}} de {{total}}',
      nextBtnText: 'Siguiente',
      prevBtnText: 'Anterior',
      doneBtnText: 'Finalizar',
      smoothScroll: true,
      steps: steps.map((step) => ({
        element: step.target ? `[data-tour="${step.target}"]` : undefined,
        popover: { title: step.title, description: step.text },
      })),
      onPopoverRender: (popover) => {
        // driver.js names its close button in English.
        popover.closeButton.setAttribute('aria-label', 'Cerrar');
      },
      onNextClick: () => {
        if (tour.hasNextStep()) {
          tour.moveNext();
          return;
        }
        finished = true;
        tour.destroy();
        // driver.js calls onDestroyed only once a step's highlight has settled (its animation
        // frames); Finalizar pressed before that (or where frames are throttled) would otherwise
        // never resolve, and the first-time tour would not clear newUser.
        resolve(true);
      },
      onDestroyed: () => resolve(finished),
    });
    tour.drive();
  });
}

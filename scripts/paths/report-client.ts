/**
 * The report page's only script (inlined): switch strategy, filter paths, and highlight the
 * clicked path on its machine's diagram. Plain DOM, no layout: the SVG is drawn at report time.
 */
export const reportClient = `
(() => {
  const body = document.body;
  document.querySelectorAll('input[name=strategy]').forEach((radio) => {
    radio.addEventListener('change', () => { body.dataset.strategy = radio.value; clear(); });
  });
  const filter = document.getElementById('filter');
  filter.addEventListener('input', () => {
    const q = filter.value.trim().toLowerCase();
    document.querySelectorAll('section.machine').forEach((section) => {
      const nameHit = section.dataset.name.toLowerCase().includes(q);
      let shown = 0;
      section.querySelectorAll('li.path').forEach((li) => {
        const hit = !q || nameHit || li.textContent.toLowerCase().includes(q);
        li.classList.toggle('hidden', !hit);
        if (hit) shown++;
      });
      section.classList.toggle('hidden', shown === 0);
    });
  });
  function clear(section) {
    const scope = section || document;
    scope.querySelectorAll('li.path.selected').forEach((li) => li.classList.remove('selected'));
    scope.querySelectorAll('svg.chart').forEach((svg) => svg.classList.remove('highlighting'));
    scope.querySelectorAll('.on-path').forEach((el) => el.classList.remove('on-path'));
  }
  document.querySelectorAll('li.path').forEach((li) => {
    li.addEventListener('click', () => {
      const section = li.closest('section.machine');
      const was = li.classList.contains('selected');
      clear(section);
      if (was) return;
      li.classList.add('selected');
      const svg = section.querySelector('svg.chart');
      svg.classList.add('highlighting');
      const states = new Set(li.dataset.states.split(' '));
      const transitions = new Set(li.dataset.transitions.split(' '));
      svg.querySelectorAll('[data-state]').forEach((el) => {
        if (states.has(el.dataset.state)) el.classList.add('on-path');
      });
      svg.querySelectorAll('[data-transition]').forEach((el) => {
        if (transitions.has(el.dataset.transition)) el.classList.add('on-path');
      });
    });
  });
})();
`;

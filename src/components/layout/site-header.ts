/**
 * Header behaviour: the menu button of the mobile layout and the disclosure submenus.
 * Markup is server-rendered; this only toggles `aria-expanded` and the `data-open` state.
 */
function setOpen(button: HTMLElement, open: boolean): void {
  button.setAttribute('aria-expanded', String(open));
  button.closest('[data-group]')?.toggleAttribute('data-open', open);
}

function closeGroups(root: HTMLElement, except?: HTMLElement): void {
  for (const button of root.querySelectorAll<HTMLElement>('[data-group-toggle]')) {
    if (button !== except) setOpen(button, false);
  }
}

export function initSiteHeader(root: HTMLElement): void {
  const menuButton = root.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const menuLabel = menuButton?.querySelector<HTMLElement>('[data-menu-label]');

  const setMenu = (open: boolean) => {
    if (!menuButton) return;
    menuButton.setAttribute('aria-expanded', String(open));
    root.toggleAttribute('data-menu-open', open);
    // The two labels come from the button's data attributes (MenuButton.astro), set from ko.json.
    if (menuLabel)
      menuLabel.textContent = (open ? menuButton.dataset.labelClose : menuButton.dataset.labelOpen) ?? '';
  };

  menuButton?.addEventListener('click', () => {
    setMenu(menuButton.getAttribute('aria-expanded') !== 'true');
  });

  for (const button of root.querySelectorAll<HTMLElement>('[data-group-toggle]')) {
    button.addEventListener('click', () => {
      const open = button.getAttribute('aria-expanded') !== 'true';
      closeGroups(root, button);
      setOpen(button, open);
    });
  }

  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const openGroup = root.querySelector<HTMLElement>('[data-group][data-open] [data-group-toggle]');
    if (openGroup) {
      setOpen(openGroup, false);
      openGroup.focus();
    } else if (menuButton?.getAttribute('aria-expanded') === 'true') {
      setMenu(false);
      menuButton.focus();
    }
  });

  root.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null;
    for (const group of root.querySelectorAll<HTMLElement>('[data-group][data-open]')) {
      if (!next || !group.contains(next)) {
        const button = group.querySelector<HTMLElement>('[data-group-toggle]');
        if (button && next) setOpen(button, false);
      }
    }
  });

  document.addEventListener('click', (event) => {
    if (!root.contains(event.target as Node)) closeGroups(root);
  });
}

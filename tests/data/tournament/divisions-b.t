Emma Soler 1700 2 3; 400 410; p12 1 2; plkind P P
Ferran Gil 1650 1 0; 400 1; p12 2 0; plkind P B; plreal = 0:0:0
Gemma Pons 1600 0 1; 1 390; p12 0 1; plkind B P; plreal 0:0:0 =

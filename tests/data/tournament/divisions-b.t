Emma Soler 1700 2 3; 400 410; p12 1 2; plkind P P
Ferran Gil 1650 1 0; 400 0; p12 2 0; plkind P B
Gemma Pons 1600 0 1; 0 390; p12 0 1; plkind B P
